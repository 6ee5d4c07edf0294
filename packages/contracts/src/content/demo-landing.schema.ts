/** The demo catalogue's landing pages (`/demo/apps/{key}`): the app, and what a promotion link carries there. */
import { z } from 'zod';

export const demoLandingParamsSchema = z.object({ key: z.string().max(32).meta({ label: '演示应用' }) });

/** What the demo recharge form reported, shown on the page it comes back to. */
export const DEMO_RECHARGE_RESULTS = ['attributed', 'unattributed', 'duplicate', 'failed'] as const;

export const demoLandingQuerySchema = z.object({
  code: z.string().max(32).meta({ label: '推广口令' }).optional(),
  serial_id: z.coerce.number().int().meta({ label: '短剧编号' }).optional(),
  recharged: z.enum(DEMO_RECHARGE_RESULTS).meta({ label: '充值结果' }).optional(),
});
