import { writeFileSync } from 'node:fs';
import { startStack } from '../support/stack';
const stack = await startStack();
writeFileSync('/tmp/s8-url', stack.url);
console.log('up', stack.url);
