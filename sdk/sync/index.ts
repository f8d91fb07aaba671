export { SyncClient, RECONNECT_DELAY_MS, type SyncOptions } from './sync-client';
export { BOARD_MESSAGES, LOADING_MESSAGES, randomLoadingMessage } from './messages';
export { Outbox } from './outbox';
export { SendQueue, SEND_RETRIES, SEND_RETRY_DELAY_MS } from './send-queue';
export { SeqOrder } from './seq-order';
export { fetchBoard, postCommand, boardHttp, HttpError, type BoardHttp, type BoardLoad, type Credentials } from './api';
export type { SyncTransport, TransportAuth, TransportConnect, TransportListener } from './transport';
export { NesTransport } from './nes-transport';
export type * from './types';
