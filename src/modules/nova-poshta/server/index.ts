export { npCall, npErrorText, npMessages, type NpResult } from './np-client.ts';
