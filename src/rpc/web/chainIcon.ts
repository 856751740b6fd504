/** The chain's icon (`GET /icon.svg`, offered in the chain data's iconUrls): a dark square with a blue "S". */
export const CHAIN_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#0f172a"/><text x="48" y="68" font-family="sans-serif" font-size="60" font-weight="700" text-anchor="middle" fill="#60a5fa">S</text></svg>';
