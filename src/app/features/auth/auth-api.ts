import type { ChangePasswordInput, SignInInput } from './types';
import { api, unwrap } from '@/app/lib/api/api-client';
import type { LoginResponse } from '@/app/lib/session/session';

export async function signIn(credentials: SignInInput): Promise<LoginResponse> {
  return (await unwrap(api.POST('/api/auth', { body: credentials }))) as LoginResponse;
}

export async function signOutOnServer(refreshToken: string) {
  return unwrap(api.POST('/api/auth/logout', { body: { refreshToken } }));
}

export async function requestPasswordReset(email: string) {
  return unwrap(api.POST('/api/user/reset-password', { params: { query: { email } } }));
}

export async function confirmPasswordReset(token: string, newPassword: string) {
  return unwrap(api.POST('/api/user/reset-password/confirm', { body: { token, newPassword } }));
}

export async function changeOwnPassword({ oldPassword, newPassword }: ChangePasswordInput) {
  return unwrap(api.POST('/api/user/change-password', { body: { oldPassword, newPassword } }));
}
