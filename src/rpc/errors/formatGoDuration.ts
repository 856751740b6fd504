/** A duration the way Go prints it (geth's wording in its messages): 300ms, 5s, 1.5s, 1m30s. */
export function formatGoDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = `${(ms % 60_000) / 1000}s`;
  return minutes > 0 ? `${minutes}m${seconds}` : seconds;
}
