/** Production SMS driver: Alibaba Cloud SMS (dysmsapi 2017-05-25) through its official SDK. */
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsDeliveryError, type SmsDriver, type SmsMessage } from './sms-driver.js';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  protocol: 'https' | 'http';
}

// The package is CommonJS with `exports.default`; under ESM interop the class may sit one level deeper.
type ClientClass = typeof Dysmsapi;
const DysmsapiClient: ClientClass = (Dysmsapi as unknown as { default?: ClientClass }).default ?? Dysmsapi;

export class AliyunSmsDriver implements SmsDriver {
  readonly name = 'aliyun';
  private readonly client: InstanceType<ClientClass>;

  constructor(private readonly options: AliyunSmsOptions) {
    this.client = new DysmsapiClient(
      new $OpenApiUtil.Config({
        accessKeyId: options.accessKeyId,
        accessKeySecret: options.accessKeySecret,
        endpoint: options.endpoint,
        protocol: options.protocol,
        regionId: 'cn-hangzhou',
      }),
    );
  }

  async sendCode(message: SmsMessage): Promise<void> {
    const request = new SendSmsRequest({
      phoneNumbers: message.phone,
      signName: this.options.signName,
      templateCode: this.options.templateCode,
      templateParam: JSON.stringify({ code: message.code }),
    });
    let response;
    try {
      response = await this.client.sendSms(request);
    } catch (error) {
      throw new SmsDeliveryError(`Aliyun SMS request failed: ${(error as Error).message}`);
    }
    const body = response.body;
    if (body?.code !== 'OK') {
      throw new SmsDeliveryError(`Aliyun SMS rejected: ${body?.code ?? 'no code'} ${body?.message ?? ''}`.trim());
    }
  }
}
