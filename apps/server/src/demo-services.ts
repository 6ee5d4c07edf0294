/**
 * The module services the demo seeds write through, built for the entries, tests and benchmarks that seed a
 * database beside an app rather than through it (`bin/seed.ts` has no app; `bin/server.ts` seeds the catalogue
 * before it builds one). It is composition like app.ts, so it may build repositories, which demo/ may not (lint:
 * `modules/module-data`); once the app's module container hands its services out, the seeds take them from there.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createSmsDriver } from './app.js';
import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { DemoSeedPorts } from './demo/demo-seed.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { ContentService } from './modules/content/content.service.js';
import { PackageRepository } from './modules/credit/package.repository.js';
import { PackageService } from './modules/credit/package.service.js';
import { TaskRepository } from './modules/task/task.repository.js';
import { TaskService } from './modules/task/task.service.js';
import { SmsCodeRepository } from './modules/verification/sms-code.repository.js';
import { SmsCodeService } from './modules/verification/sms-code.service.js';

/** The catalogue's owners: content (apps, banners, poster, help), task (serials, tasks, episodes), credit (shop). */
export function demoServices(database: DatabaseHandle, clock: Clock): DemoSeedPorts {
  return {
    content: new ContentService(new ContentRepository(database.db), clock),
    tasks: new TaskService(new TaskRepository(database.db), clock),
    packages: new PackageService(new PackageRepository(database.db), clock),
  };
}

/** Verification's codes, as the app builds them: the demo creator's seeds forget the codes they log people in with. */
export function demoSmsCodes(
  database: DatabaseHandle,
  clock: Clock,
  config: AppConfig,
  log: FastifyBaseLogger,
): SmsCodeService {
  return new SmsCodeService(database, new SmsCodeRepository(), createSmsDriver(config, clock), clock, {
    secret: config.appSecret,
    perIpPerHour: config.rateLimit.smsPerIpPerHour,
    perIpPerDay: config.rateLimit.smsPerIpPerDay,
    log,
  });
}
