/** Loads the configuration for a command-line entry, printing what is wrong and exiting when it is invalid. */
import { ConfigError, loadConfig, type AppConfig } from '../config.js';

export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
