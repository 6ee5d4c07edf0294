/**
 * The AI services as the modules use them: the language (LLM), recognition (ASR) and speech (TTS) clients, each
 * null when its service is not configured, the voice list, and speech with any voice of it (the built-in voice
 * needs no service). Every call answers its usage; recording it is the caller's (the tool module keeps `ai_usage`).
 */
import {
  AiHttpClient,
  AiServiceError,
  type AiHttpOptions,
  type AiServiceSettings,
  type RetryPolicy,
} from './ai-http.js';
import { AsrClient } from './asr-client.js';
import { BUILTIN_VOICES, isBuiltinVoice, speakBuiltin, type Voice } from './builtin-voice.js';
import { LlmClient } from './llm-client.js';
import { TtsClient, type SpeechRequest, type SpeechResult } from './tts-client.js';

/** What the configuration says about the services (LLM_*, ASR_*, TTS_*, TTS_VOICES, AI_RETRY_BASE_MS). */
export interface AiSettings {
  llm: AiServiceSettings | null;
  asr: AiServiceSettings | null;
  tts: AiServiceSettings | null;
  /** The speech service's voices offered to creators, in this order. */
  ttsVoices: { id: string; name: string }[];
  retry: RetryPolicy;
}

/** Which services are configured. */
export interface AiServicesConfigured {
  llm: boolean;
  asr: boolean;
  tts: boolean;
}

export class AiProviders {
  readonly llm: LlmClient | null;
  readonly asr: AsrClient | null;
  readonly tts: TtsClient | null;

  constructor(
    private readonly settings: AiSettings,
    options: AiHttpOptions = {},
  ) {
    const { llm, asr, tts, retry } = settings;
    this.llm = llm && new LlmClient(new AiHttpClient('llm', llm, retry, options));
    this.asr = asr && new AsrClient(new AiHttpClient('asr', asr, retry, options));
    this.tts = tts && new TtsClient(new AiHttpClient('tts', tts, retry, options));
  }

  get configured(): AiServicesConfigured {
    return { llm: this.llm !== null, asr: this.asr !== null, tts: this.tts !== null };
  }

  /** The voices a creator may choose: the speech service's (when configured), then the built-in ones. */
  voices(): Voice[] {
    const service = this.tts ? this.settings.ttsVoices.map((voice) => ({ ...voice, builtin: false })) : [];
    return [...service, ...BUILTIN_VOICES];
  }

  /** The voice used when none was chosen: the service's first, else the built-in one of the language. */
  defaultVoice(language: 'zh' | 'en'): string {
    return (this.tts && this.settings.ttsVoices[0]?.id) || `espeak:${language}`;
  }

  /** Speaks with `request.voice`: a built-in voice with espeak-ng here, any other with the speech service. */
  speak(request: SpeechRequest): Promise<SpeechResult> {
    if (isBuiltinVoice(request.voice)) return speakBuiltin(request);
    if (!this.tts) {
      return Promise.reject(new AiServiceError('tts: the speech service is not configured', 'tts', '', 'unconfigured'));
    }
    return this.tts.speak(request);
  }
}
