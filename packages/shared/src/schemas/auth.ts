import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../rules/login.ts';
import { PERMISSIONS, ROLES } from '../rules/permissions.ts';
import { requiredText, safeText } from './fields.ts';

// SPEC 5 Login: both fields required; e-mail must be e-mail format. The messages and the pattern live
// in rules/login.ts, which the sign-in screen uses without zod (decision 033).
export { EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED };
export const PASSWORD_MIN_LENGTH = 10;

const email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID, pattern: EMAIL_PATTERN }))
  .transform((value) => value.toLowerCase());

/** Kept as typed (never trimmed); control characters and lone surrogates are refused like any text. */
const password = (max: number, label = 'Password') => safeText(max, { label, trim: false });

export const LoginInput = z.object({
  email,
  password: password(1000).min(1, PASSWORD_REQUIRED),
});
export type LoginInput = z.output<typeof LoginInput>;

export const NewAccountInput = z.object({
  name: requiredText(120, { label: 'Name' }),
  email,
  password: password(200).min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export type NewAccountInput = z.output<typeof NewAccountInput>;

// Decision 037: signed-in staff change their own password; the current one is required.
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
export const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const NEW_PASSWORD_SAME = 'New password must be different from the current password';
export const PASSWORDS_DO_NOT_MATCH = 'The two new passwords do not match';
export const PASSWORD_CHANGED = 'Your password has been changed. You have been signed out everywhere else.';

export const ChangePasswordInput = z
  .object({
    currentPassword: password(1000, 'Current password').min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: password(200, 'New password').min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: NEW_PASSWORD_SAME,
  });
export type ChangePasswordInput = z.output<typeof ChangePasswordInput>;

/** The form adds a repeat of the new password; only the two passwords go to the server. */
export const ChangePasswordForm = z
  .object({
    currentPassword: password(1000, 'Current password').min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: password(200, 'New password').min(PASSWORD_MIN_LENGTH, NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword.length > 0 && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: NEW_PASSWORD_SAME });
    }
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
    }
  });
export type ChangePasswordForm = z.output<typeof ChangePasswordForm>;

export const ChangePasswordResponse = z.object({ endedSessions: z.number().int() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;

export const RoleField = z.enum(ROLES, { error: 'Choose a role' });
export const PermissionField = z.enum(PERMISSIONS);

export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleField,
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Decision 104: what a session must do before anything else: change a password an admin reset, or enrol
 * in two-factor sign-in (its role requires it). Until then only its own account's routes answer.
 */
export const REQUIRED_ACTIONS = ['change_password', 'enrol_totp'] as const;
export type RequiredAction = (typeof REQUIRED_ACTIONS)[number];

export const SessionResponse = z.object({
  user: SessionUser.extend({ permissions: z.array(PermissionField) }).nullable(),
  /** The signed-in account's role and its permissions (the table of packages/shared rules/permissions). */
  role: RoleField.nullable(),
  permissions: z.array(PermissionField),
  required_action: z.enum(REQUIRED_ACTIONS).nullable(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** Decision 104: the password was right and the account has two-factor sign-in: no session yet. */
export const TotpRequired = z.object({ totp_required: z.literal(true) });
export const LoginResponse = z.union([SessionResponse, TotpRequired]);
export type LoginResponse = z.infer<typeof LoginResponse>;

export const TOTP_CODE_INVALID = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_INVALID = 'Enter one of your recovery codes';
export const LoginTotpInput = z.union([
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, TOTP_CODE_INVALID),
  }),
  z.object({ recovery_code: z.string().trim().min(1, RECOVERY_CODE_INVALID).max(40, RECOVERY_CODE_INVALID) }),
]);
export type LoginTotpInput = z.output<typeof LoginTotpInput>;

export const TotpSetup = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpEnableInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, TOTP_CODE_INVALID),
});
export const TotpEnabled = z.object({ recovery_codes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof TotpEnabled>;
export const TotpDisableInput = z.object({ password: password(1000).min(1, PASSWORD_REQUIRED) });

/** Decision 104: the staff accounts (`/settings/staff`). */
export const StaffAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleField,
  active: z.boolean(),
  totp_enabled: z.boolean(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;
export const StaffAccountList = z.object({ items: z.array(StaffAccount) });
export type StaffAccountList = z.infer<typeof StaffAccountList>;
export const NewStaffAccountInput = NewAccountInput.extend({ role: RoleField });
export type NewStaffAccountInput = z.output<typeof NewStaffAccountInput>;
export const StaffAccountUpdate = z
  .object({ role: RoleField.optional(), active: z.boolean().optional() })
  .refine(
    (value) => value.role !== undefined || value.active !== undefined,
    'Give a role or whether the account is active',
  );
export type StaffAccountUpdate = z.output<typeof StaffAccountUpdate>;
export const PasswordResetInput = z.object({
  password: password(200).min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
});
export const LAST_ADMIN = 'The last active admin cannot be removed, demoted or deactivated.';

export const StaffSettings = z.object({
  /** Roles that must enrol in two-factor sign-in at their next sign-in (REQUIRE_2FA_ROLES adds to these). */
  require_2fa_roles: z.array(RoleField),
  /** Those REQUIRE_2FA_ROLES sets on the server: shown, not changeable on screen. */
  require_2fa_roles_from_server: z.array(RoleField),
});
export type StaffSettings = z.infer<typeof StaffSettings>;
export const StaffSettingsInput = z.object({ require_2fa_roles: z.array(RoleField) });

export const ActiveSession = z.object({
  id: z.string(),
  current: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export const ActiveSessionList = z.object({ items: z.array(ActiveSession) });
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SetupStatus = z.object({ setupRequired: z.boolean() });
export type SetupStatus = z.infer<typeof SetupStatus>;
