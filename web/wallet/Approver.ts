/**
 * How the wallet asks its user: an {@link Approver} takes an {@link ApprovalRequest} (what a site asks
 * and who asks) and answers Approve or Reject. The wallet's core knows only this interface; the
 * in-page dialog (ui/ApprovalDialog.ts) is one implementation, which the entry point passes in.
 */

/** One row of a request, e.g. { label: 'Chain ID', value: '31337 (0x7a69)' }. */
export interface ApprovalRow {
  label: string;
  value: string;
}

/** What the user is asked. */
export interface ApprovalRequest {
  /** The dialog's heading, e.g. "Add a network?". */
  title: string;
  /** The requesting site's origin. */
  origin: string;
  rows: ApprovalRow[];
  /** Shown highlighted above the buttons. */
  warnings: string[];
  /** Icons the site suggests; fetched only on the user's click. */
  iconUrls?: string[];
}

/** Asks the user; resolves true for Approve, false for Reject. */
export interface Approver {
  ask(request: ApprovalRequest): Promise<boolean>;
}
