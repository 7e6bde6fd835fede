import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/** An error response's code (product.md#errors): one of ERROR_CODES (error-codes.ts, the list without zod). */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorBodySchema = z.object({ message: z.string(), code: ErrorCodeSchema });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
