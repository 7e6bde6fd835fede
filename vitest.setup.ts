import { afterEach, beforeEach } from 'vitest';

/**
 * Every unit and API test fails when it logs `console.error` it did not expect: a React warning, an unhandled
 * server error or a failed render is a bug even when the assertions pass.
 *
 * A test that expects an error says so, and may assert on it:
 *
 *   const error = vi.spyOn(console, 'error').mockImplementation(() => {});
 *   …
 *   expect(error).toHaveBeenCalledWith(expect.stringContaining('…'));
 *
 * The spy replaces the recorder below for that test; the next test starts with the recorder again.
 */
const original = console.error;
let logged: unknown[][] = [];

function recordError(...args: unknown[]): void {
  logged.push(args);
  original(...args);
}

beforeEach(() => {
  logged = [];
  console.error = recordError;
});

afterEach(() => {
  console.error = original;
  if (logged.length === 0) return;
  const first = logged[0]!.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
  logged = [];
  throw new Error(
    `The test logged console.error unexpectedly: "${first.slice(0, 300)}". ` +
      `If the error is expected, silence it in the test: vi.spyOn(console, 'error').mockImplementation(() => {}).`,
  );
});
