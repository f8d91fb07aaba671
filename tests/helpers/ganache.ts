import ganache from 'ganache';

/**
 * A real local Ethereum chain in-process (ganache) on a random port, for the Ether gateway's tests:
 * deterministic unlocked accounts (the first is the shop's recipient, the others pay), chain id
 * 1337, a block per transaction. `send` plays the customer's wallet (eth_sendTransaction from an
 * unlocked account) and `rpc` is the JSON-RPC an EIP-1193 provider forwards to.
 */
export interface LocalChain {
  url: string;
  chainId: number;
  accounts: `0x${string}`[];
  recipient: `0x${string}`;
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** sends ether; answers the transaction hash */
  send(tx: { from: string; to: string; value: bigint | string; data?: string }): Promise<`0x${string}`>;
  /** mines empty blocks (confirmations) */
  mine(blocks?: number): Promise<void>;
  close(): Promise<void>;
}

export const CHAIN_ID = 1337;

export async function startLocalChain(): Promise<LocalChain> {
  const server = ganache.server({
    logging: { quiet: true },
    wallet: { deterministic: true, totalAccounts: 5, defaultBalance: 1000 },
    chain: { chainId: CHAIN_ID },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  const provider = server.provider;
  const rpc = (method: string, params: unknown[] = []) => provider.request({ method, params } as never) as Promise<unknown>;
  const accounts = (await rpc('eth_accounts')) as `0x${string}`[];
  return {
    url: `http://127.0.0.1:${port}`,
    chainId: CHAIN_ID,
    accounts,
    recipient: accounts[0]!,
    rpc,
    async send(tx) {
      const value = `0x${BigInt(tx.value).toString(16)}`;
      return (await rpc('eth_sendTransaction', [
        { from: tx.from, to: tx.to, value, ...(tx.data ? { data: tx.data } : {}) },
      ])) as `0x${string}`;
    },
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i++) await rpc('evm_mine');
    },
    close: () => server.close(),
  };
}
