/** What the UOF adapter's parts log through (pino's child loggers, or a quiet one in tests). */
export interface Logger {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}
