/** App-wide providers: TanStack Query, and Arco configured once with the zh-CN locale and the theme colour. */
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { THEME_COLOR } from '@cc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

dayjs.locale('zh-cn');

const theme = { primaryColor: THEME_COLOR };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={theme}>
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
