import { act } from '@testing-library/react';
import { storeSession, type LoginResponse } from '@/app/lib/session/session';

// A signed-in tester for the screen tests: the login answer the app stores, holding exactly the
// permissions a test names.

export function testerLogin(permissions: string[]): LoginResponse {
  return {
    result: true,
    message: 'Login successful',
    data: {
      accessToken: 'access',
      refreshToken: 'refresh',
      expiresIn: 900,
      roles: ['Tester'],
      user: {
        id: 7,
        username: 'tess',
        displayName: 'Tess Tester',
        email: 'tess@isotope.lab',
        role: 'Tester',
        roleId: 3,
        countryId: null,
        countryCode: null,
        countryName: null,
        permissions,
      },
    },
  };
}

export function signInWith(permissions: string[]) {
  act(() => storeSession(testerLogin(permissions)));
}
