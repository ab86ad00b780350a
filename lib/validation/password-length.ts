/**
 * The shortest password a member may be given or choose. A file without the schema library, so the
 * forms can say it in their hints without loading the rules themselves.
 */
export const MIN_PASSWORD_LENGTH = 12;
