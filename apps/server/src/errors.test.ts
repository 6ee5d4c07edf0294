import { ErrorCode, ErrorMessages } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { appError } from './errors.js';

describe('error catalogue', () => {
  it('answers missing things with 404 and upstream failures with 5xx', () => {
    expect(appError('orderNotFound').statusCode).toBe(404);
    expect(appError('posterNotFound').statusCode).toBe(404);
    expect(appError('helpTemplateNotFound').statusCode).toBe(404);
    expect(appError('paymentUnavailable').statusCode).toBe(502);
    expect(appError('smsSendFailed').statusCode).toBe(502);
    expect(appError('devRoutesLocalOnly').statusCode).toBe(403);
  });

  it('gives every error a distinct stable code and a Chinese message', () => {
    const codes = Object.values(ErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [key, message] of Object.entries(ErrorMessages)) {
      expect(message, key).toMatch(/[\u4e00-\u9fa5]/);
      expect(appError(key as keyof typeof ErrorMessages).message, key).toBe(message);
    }
  });
});
