/**
 * Uploaded images are decoded, not sniffed: a bomb, a polyglot and a cut file are refused with their
 * reason, what is served is re-encoded without its metadata, uploads are limited per creator, and images no avatar
 * or cover uses are removed a day later.
 */
import { ErrorCode, ErrorMessages } from '@cc/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_PAYLOAD, makePng, pngBomb, uploadImage } from '../../../test/image-fixtures.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { UNUSED_IMAGE_TTL_MS } from './image.service.js';

describe(`image uploads (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ IMAGE_UPLOADS_PER_HOUR: '3', IMAGE_SPACE_BYTES: '45000' });
  });
  afterAll(() => ctx.close());

  const creator = async (): Promise<string> => (await loginAs(ctx, nextPhone())).json.body.access_token;
  const upload = (token: string, bytes: Buffer, type?: string) => uploadImage(ctx.app, token, bytes, type);
  const refusal = async (token: string, bytes: Buffer) => {
    const response = await upload(token, bytes);
    return { status: response.statusCode, code: response.json().code, msg: response.json().msg };
  };

  it('refuses a 60 000 × 60 000 PNG bomb by its header, before any decoder runs', async () => {
    const token = await creator();
    expect(await refusal(token, pngBomb())).toEqual({
      status: 413,
      code: ErrorCode.imageTooManyPixels,
      msg: ErrorMessages.imageTooManyPixels,
    });
  });

  it('refuses an HTML polyglot, before or after a real image, and a truncated image', async () => {
    const token = await creator();
    const png = makePng(16, 16);
    expect(await refusal(token, Buffer.concat([png, Buffer.from(HTML_PAYLOAD)]))).toEqual({
      status: 400,
      code: ErrorCode.imageExtraData,
      msg: ErrorMessages.imageExtraData,
    });
    expect((await refusal(token, Buffer.concat([Buffer.from(HTML_PAYLOAD), png]))).code).toBe(ErrorCode.imageInvalid);
    expect(await refusal(token, png.subarray(0, png.length - 20))).toEqual({
      status: 400,
      code: ErrorCode.imageCorrupt,
      msg: ErrorMessages.imageCorrupt,
    });
    // Whole in structure, but its compressed pixels are garbled: only the decoder can tell.
    const damaged = Buffer.from(makePng(64, 64, { noise: true }));
    damaged.fill(0xff, 60, 200);
    expect((await refusal(token, damaged)).code).toBe(ErrorCode.imageCorrupt);
  });

  it('serves the image re-encoded, without its EXIF and GPS position, turned by its orientation', async () => {
    const token = await creator();
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '39/1 54/1 27/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '116/1 23/1 1/1',
        },
      })
      .toBuffer();
    expect(photo.includes('PhoneMaker') && photo.includes('Exif')).toBe(true);
    const uploaded = await upload(token, photo, 'image/jpeg');
    expect(uploaded.json()).toMatchObject({ code: 0, body: { image: expect.stringMatching(/\.jpg$/) } });
    const served = await ctx.app.inject({ method: 'GET', url: uploaded.json().body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = served.rawPayload;
    expect(stored.equals(photo)).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 20, height: 40 });
  });

  it('limits a creator’s uploads per hour, also when they arrive at once', async () => {
    const token = await creator();
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(token, makePng(8, 8))));
    const codes = answers.map((answer) => answer.json().code).sort();
    expect(codes).toEqual(
      [0, 0, 0, ErrorCode.imageUploadsPerHour, ErrorCode.imageUploadsPerHour, ErrorCode.imageUploadsPerHour].sort(),
    );
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toBe(ErrorMessages.imageUploadsPerHour);
    ctx.clock.advance(3_600_000);
    expect((await upload(token, makePng(8, 8))).json().code).toBe(0);
  });

  it('limits the bytes a creator’s images take', async () => {
    const token = await creator();
    // Noise does not compress: each of these is about 19 KB once re-encoded (as RGB), against a 45 000-byte space.
    const noisy = () => makePng(110, 110, { noise: true });
    expect((await upload(token, noisy())).json().code).toBe(0);
    expect((await upload(token, noisy())).json().code).toBe(0);
    const full = await upload(token, noisy());
    expect({ status: full.statusCode, code: full.json().code }).toEqual({
      status: 413,
      code: ErrorCode.imageSpaceFull,
    });
  });

  it('removes, a day after upload, the images no avatar or cover uses', async () => {
    const token = await creator();
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await upload(token, makePng(8 + i, 8))).json().body.image);
    const [avatarName, coverName, unusedName] = names as [string, string, string];
    expect(
      (await call(ctx.app, { url: '/agent/v1/user/update_info', token, body: { avatar: avatarName } })).json.code,
    ).toBe(0);
    const filed = await call(ctx.app, {
      url: '/agent/v1/user/account/create',
      token,
      body: {
        platform: 1,
        channel_name: '清理测试',
        channel_id: `cleanup_${process.pid}_${Date.now()}`,
        channel_url: 'https://www.douyin.com/user/cleanup',
        cover: coverName,
      },
    });
    expect(filed.json.code).toBe(0);
    const served = async (name: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/ai/v1/files/images/${name}` })).statusCode;

    ctx.clock.advance(UNUSED_IMAGE_TTL_MS - 60_000);
    const fresh = (await upload(token, makePng(12, 8))).json().body.image as string;
    await ctx.services.images.removeUnused();
    expect(await served(unusedName)).toBe(200);
    ctx.clock.advance(120_000);
    expect(await ctx.services.images.removeUnused()).toBeGreaterThanOrEqual(1);
    expect(await served(unusedName)).toBe(404);
    expect(await served(avatarName)).toBe(200);
    expect(await served(coverName)).toBe(200);
    expect(await served(fresh)).toBe(200);
    // Gone from the creator's space too: it no longer counts, and it cannot be chosen any more.
    const chosen = await call(ctx.app, { url: '/agent/v1/user/update_info', token, body: { avatar: unusedName } });
    expect(chosen.json.code).toBe(ErrorCode.imageInvalid);
  });
});
