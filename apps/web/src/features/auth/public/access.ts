/**
 * Decision 104: what other features read of the signed-in account: who it is and whether its role holds
 * a permission (to hide buttons, columns and links the role cannot use).
 */
export { type SignedInUser, useAuth, useCan } from '../auth-provider.tsx';
