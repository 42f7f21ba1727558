export { authRoutes } from './auth.routes.ts';
export { issuePasswordLink, loadSession, login, purgeExpiredAuthData, sha256 } from './auth.service.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { sessions, passwordResetTokens, loginThrottle, loginKnownAddresses } from './auth.table.ts';
export { readSessionToken, SESSION_COOKIE } from './session-cookie.ts';
