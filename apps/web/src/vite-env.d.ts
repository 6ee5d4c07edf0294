/** Types of the build-time environment variables the web app reads. */
/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Brand sent as the `vendor` header on every API call; `default` when unset. */
  readonly VITE_VENDOR?: string;
  /** Base URL of the product API (`/agent/...`, `/activity/...`); same origin when unset. */
  readonly VITE_API_BASE?: string;
  /** Base URL of the AI API (`/ai/v1/...`); same origin when unset. */
  readonly VITE_AI_API_BASE?: string;
  /** The tutorial (the tool bar's 使用指南, the landing page's 教程 and `/guide`): an external address; the help pages when unset. */
  readonly VITE_GUIDE_URL?: string;
  /** The company of the landing page's registration line (公司名称); unset, the line names the product. */
  readonly VITE_COMPANY_NAME?: string;
  /** The ICP filing number of the registration line (ICP备案号), linked to the MIIT lookup; left out when unset. */
  readonly VITE_ICP_NUMBER?: string;
  /** The 7×24 online customer service the tool bar's 反馈 QR opens; the customer-service poster when unset. */
  readonly VITE_SERVICE_URL?: string;
  /** The customer service's WeChat ID, copied by 复制微信号 on phones; no copy button when unset. */
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
