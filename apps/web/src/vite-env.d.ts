/** Types of the build-time environment variables the web app reads. */
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Brand sent as the `vendor` header on every API call; `default` when unset. */
  readonly VITE_VENDOR?: string;
  /** Base URL of the product API (`/agent/...`, `/activity/...`); same origin when unset. */
  readonly VITE_API_BASE?: string;
  /** Base URL of the AI API (`/ai/v1/...`); same origin when unset. */
  readonly VITE_AI_API_BASE?: string;
  /** The tool bar's usage guide (使用指南): an external tutorial address; the help pages when unset. */
  readonly VITE_GUIDE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
