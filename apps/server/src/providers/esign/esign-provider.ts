/**
 * Electronic signing of the creator service agreement behind one interface: the built-in provider records the
 * signature itself (SMS-verified, text hash kept); a real e-sign service (e签宝, 法大大 …) implements the same
 * interface and returns its own signing reference.
 */

/** One version of the agreement. `template` has `{{real_name}}` and `{{id_card}}` for the creator's party details. */
export interface ContractDocument {
  version: string;
  title: string;
  template: string;
  /** SHA-256 (hex) of `template`: what a signature is bound to. */
  contentHash: string;
}

export interface SignRequest {
  agentId: number;
  document: ContractDocument;
  /** The phone the SMS code went to. */
  phone: string;
  realName: string;
  ip: string;
  signedAt: number;
}

export interface ESignProvider {
  /** Short name kept on each signature (`builtin`, …). */
  readonly name: string;
  /** The agreement creators sign now. */
  current(): ContractDocument;
  /** Signs; answers the provider's reference of the signed document. Throws when the provider refuses. */
  sign(request: SignRequest): Promise<{ reference: string }>;
}

/** The agreement text with the creator's details filled in. */
export function renderContract(document: ContractDocument, party: { realName: string; idCardMask: string }): string {
  return document.template
    .replaceAll('{{real_name}}', party.realName || '（未实名）')
    .replaceAll('{{id_card}}', party.idCardMask || '（未登记）');
}
