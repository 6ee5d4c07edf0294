/**
 * Every endpoint of the product, domain by domain (ADR 0031): the server registers exactly these, and the OpenAPI
 * documents list exactly these.
 */
import type { EndpointSpec } from './endpoint.js';
import { demoLandingApi } from './content/demo-landing.endpoints.js';
import { alipaySandboxApi } from './dev/alipay-sandbox.endpoints.js';
import { devApi } from './dev/dev.endpoints.js';
import { docsApi } from './docs/docs.endpoints.js';
import { imageApi } from './image/image.endpoints.js';
import { opsJobApi } from './jobs/jobs.endpoints.js';
import { mediaApi } from './media/media.endpoints.js';
import { orderApi } from './order/order.endpoints.js';
import { platformApi } from './platform/platform.endpoints.js';
import { toolApi } from './tool/tool.endpoints.js';

export const endpointTable: readonly EndpointSpec[] = [
  docsApi,
  orderApi,
  mediaApi,
  imageApi,
  toolApi,
  opsJobApi,
  devApi,
  alipaySandboxApi,
  demoLandingApi,
  platformApi,
].flatMap((domain) => Object.values(domain));
