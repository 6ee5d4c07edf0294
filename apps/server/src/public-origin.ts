/**
 * The address of this product as the people it sends links to know it: PUBLIC_BASE_URL when set;
 * else the address the request came to, but only when its Host is one of PUBLIC_HOSTS. A Host header is the
 * client's to write, so an unlisted one falls back to the default address rather than into a link.
 */
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from './config.js';

/** `name` or `name:port`, a name being letters, digits, dots and dashes, or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export class PublicOrigin {
  constructor(private readonly config: Pick<AppConfig, 'publicBaseUrl' | 'publicBaseUrlSet' | 'publicHosts'>) {}

  of(request: FastifyRequest): string {
    if (this.config.publicBaseUrlSet) return this.config.publicBaseUrl;
    const host = request.host.toLowerCase();
    if (!HOST.test(host)) return this.config.publicBaseUrl;
    const name = host.replace(/:\d+$/, '');
    const listed = this.config.publicHosts.some((entry) => entry === host || entry === name);
    return listed ? `${request.protocol}://${host}` : this.config.publicBaseUrl;
  }

  /** Whether the address of `of(request)` is https: directly, behind a trusted TLS proxy, or by PUBLIC_BASE_URL. */
  isHttps(request: FastifyRequest): boolean {
    return request.protocol === 'https' || this.of(request).startsWith('https://');
  }
}
