/** GET /agent/v1/sett/data/export: the filtered share orders as an .xlsx, saved under the server's Chinese file name. */
import { Message } from '@arco-design/web-react';
import { ErrorCode, settlementApi, type SettExportQuery } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { filenameFromContentDisposition, saveBlob } from '../../../lib/download';
import { incomeText } from '../../../locales/zh-CN/income';

export function exportSettData(params: SettExportQuery) {
  return requestFile(settlementApi.exportData.path, { query: { ...params } });
}

export function useExportSettData() {
  return useMutation({
    mutationFn: async (params: SettExportQuery) => {
      const result = await exportSettData(params);
      if (!isSuccess(result)) {
        if (result.code !== ErrorCode.unauthorized) Message.error(result.msg || incomeText.orders.exportFailed);
        return;
      }
      const name = filenameFromContentDisposition(result.body.contentDisposition) ?? incomeText.orders.exportName;
      saveBlob(result.body.blob, name);
    },
  });
}
