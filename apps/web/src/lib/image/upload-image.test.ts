// @vitest-environment jsdom
import { ErrorMessages, IMAGE_MAX_BYTES } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './upload-image';

describe('imageFileProblem', () => {
  it('takes JPG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(imageFileProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
    }
  });

  it('refuses other types and larger files with the server’s words', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 })).toBe(ErrorMessages.imageInvalid);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(ErrorMessages.imageInvalid);
    expect(imageFileProblem({ type: '', size: 10 })).toBe(ErrorMessages.imageInvalid);
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe(ErrorMessages.imageTooLarge);
  });
});
