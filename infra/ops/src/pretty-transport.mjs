// The pino transport behind LOG_FORMAT=pretty (see logging.ts): pino-pretty with functions for
// options, which cannot cross into the transport's worker thread as plain options.
// One line per entry: time, level, the service (or its module, `relay:live`), the message, then
// the other fields inline. Request ids, pid and host are left out; errors keep their stack.
import pretty from 'pino-pretty';

export default function prettyTransport(options = {}) {
  return pretty({
    ...options,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,name,module,reqId,instance,http',
    singleLine: true,
    customPrettifiers: { time: (time) => time },
    messageFormat: (log, messageKey) => `${log.module ?? log.name ?? ''} ${log[messageKey] ?? ''}`.trim(),
  });
}
