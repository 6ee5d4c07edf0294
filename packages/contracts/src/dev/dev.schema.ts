/** Development-only routes' inputs and answers (the SMS outbox of the console driver). */
import { z } from 'zod';
import { phoneSchema, smsOutboxItemSchema } from '../auth/auth.schema.js';

/** The outbox answers for one phone at a time, never a list of everyone's codes. */
export const smsOutboxQuerySchema = z.object({ phone: phoneSchema });
export const smsOutboxSchema = z.object({ data: z.array(smsOutboxItemSchema) });
