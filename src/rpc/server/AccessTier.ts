/** Who may call a method: everyone, or only dedicated (authenticated) clients. */
export type AccessTier = 'public' | 'dedicated';
