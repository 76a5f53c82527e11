/**
 * The accounts the e2e server creates: the seeded administrator and one user per seeded role, all
 * with known passwords. Specs sign in with these.
 */
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-1';
const ROLE_USER_PASSWORD = 'bench-password-1';

export type E2eAccount = { username: string; email: string; password: string; displayName: string; role: string };

export const admin: E2eAccount = {
  username: 'admin',
  email: 'admin@isotope.lab',
  password: ADMIN_PASSWORD,
  displayName: 'Administrator',
  role: 'Administrator',
};

function roleUser(role: string, displayName: string): E2eAccount {
  const username = role.toLowerCase();
  return { username, email: `${username}@isotope.lab`, password: ROLE_USER_PASSWORD, displayName, role };
}

/** One user per seeded role (besides the administrator, who has the Administrator role). */
export const roleUsers = {
  CustomerService: roleUser('CustomerService', 'Cam Service'),
  Tester: roleUser('Tester', 'Tien Tester'),
  Supervisor: roleUser('Supervisor', 'Sang Supervisor'),
  hoanVuLab: roleUser('hoanVuLab', 'Hoan Vu Lab'),
  Shipping: roleUser('Shipping', 'Son Shipping'),
  Analyst: roleUser('Analyst', 'An Analyst'),
} satisfies Record<string, E2eAccount>;

export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
