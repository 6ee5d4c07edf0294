/**
 * POST /agent/v1/upload/image (`imageApi.upload`): sends an image's raw bytes and answers its stored name and address.
 * The body is the file itself, not JSON, so this is a fetch of its own rather than `call`. Shared by the channel cover
 * and the avatar; `imageFileProblem` checks type and size first so a wrong file costs no upload.
 */
import {
  ErrorCode,
  ErrorMessages,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  imageApi,
  type Envelope,
  type UploadImageResponse,
} from '@cc/contracts';
import { apiUrl, authorizedHeaders, type ApiResult } from '../api-client';
import { expireSession } from '../session/session';

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The Chinese reason this file cannot be uploaded as an image, or null. The server judges the bytes again. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return ErrorMessages.imageInvalid;
  if (file.size > IMAGE_MAX_BYTES) return ErrorMessages.imageTooLarge;
  return null;
}

export async function uploadImage(file: Blob): Promise<ApiResult<UploadImageResponse>> {
  let response: Response;
  try {
    response = await fetch(apiUrl(imageApi.upload.path), {
      method: imageApi.upload.method,
      headers: { ...authorizedHeaders(), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    return { code: ErrorCode.noResponse, msg: '', body: null };
  }
  const payload = (await response.json().catch(() => null)) as Partial<Envelope<UploadImageResponse>> | null;
  if (response.status === 401) {
    expireSession();
    return { code: ErrorCode.unauthorized, msg: payload?.msg ?? '', body: null };
  }
  if (typeof payload?.code !== 'number') return { code: ErrorCode.noResponse, msg: '', body: null };
  return payload.code === 0 && payload.body
    ? { code: 0, msg: payload.msg ?? '', body: payload.body }
    : { code: payload.code, msg: payload.msg ?? '', body: null };
}
