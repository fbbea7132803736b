/** A bad or missing setting: the start stops with this message, which names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
