import { USDT_CHAINS } from '@kaixiang/shared/payments';
import { formatMicroUsdt, parseMicroUsdt } from '@kaixiang/shared/usdt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../infra/clock.ts';
import { cryptoRepo } from './crypto.repo.ts';
import type { CryptoPoller } from './crypto-poller.ts';
import type { SandboxChain } from './sandbox-chain.ts';

const STATUS_TEXT: Record<number, string> = { 1: '待支付', 2: '已支付', 3: '已过期', 4: '支付失败', 5: '已冲正' };

/**
 * The sandbox chain's page (never registered in production; docs/payments.md "USDT recharge"):
 *   GET  /dev/chain           lent addresses with their orders, deposits and confirmations; forms
 *   GET  /dev/chain.json      the same as JSON
 *   POST /dev/chain/deposit   {chain, address, amount}  sends `amount` USDT ("14.157894") in a new block
 *   POST /dev/chain/mine      {blocks, chain?}          mines empty blocks (both chains when no chain)
 * Both POSTs run the deposit poll right after, so the page shows the outcome without waiting for
 * the 10 s job.
 */
export function cryptoDevRoutes(deps: {
  db: Db;
  chain: SandboxChain;
  poller: CryptoPoller;
  clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const state = async () => {
      const [heights, lent, deposits] = await Promise.all([
        deps.chain.heights(),
        cryptoRepo.lent(deps.db),
        cryptoRepo.deposits(deps.db),
      ]);
      return {
        heights,
        lent: lent.map((l) => ({
          chain: l.chain,
          address: l.address,
          order_sn: l.orderSn,
          user_id: l.userId,
          quantity: formatMicroUsdt(l.quantityMicro),
          status: l.status,
          expire_time: l.expiresAt.getTime(),
          lent_at: l.lentAt?.getTime() ?? null,
        })),
        deposits: deposits.map((d) => ({
          chain: d.chain,
          address: d.address,
          tx_hash: d.txHash,
          amount: formatMicroUsdt(d.amountMicro),
          confirmations: d.confirmations,
          order_sn: d.orderSn,
          status: d.status,
          surplus: formatMicroUsdt(d.surplusMicro),
        })),
      };
    };

    app.get('/dev/chain.json', { schema: { hide: true } }, async () => ({ code: 200, data: await state(), msg: '' }));

    app.post(
      '/dev/chain/deposit',
      {
        schema: {
          hide: true,
          body: z.object({
            chain: z.enum(USDT_CHAINS),
            address: z.string().trim().min(1).max(128),
            /** USDT, up to 6 decimals ("14.157894"). */
            amount: z.union([z.string(), z.number()]),
          }),
        },
      },
      async (req) => {
        const micro = parseMicroUsdt(String(req.body.amount));
        if (micro === null || micro <= 0n) throw new AppError('VALIDATION_FAILED');
        // The pool keeps Ethereum addresses in lower case; a checksummed paste is the same address.
        const address = req.body.chain === 'erc20' ? req.body.address.toLowerCase() : req.body.address;
        const transfer = await deps.chain.deposit(req.body.chain, address, micro);
        return { code: 200, data: { transfer, poll: await deps.poller.poll() }, msg: '' };
      },
    );

    app.post(
      '/dev/chain/mine',
      {
        schema: {
          hide: true,
          body: z.object({
            blocks: z.number().int().min(1).max(10_000).default(1),
            chain: z.enum(USDT_CHAINS).optional(),
          }),
        },
      },
      async (req) => {
        const heights = await deps.chain.mine(req.body.blocks, req.body.chain);
        return { code: 200, data: { heights, poll: await deps.poller.poll() }, msg: '' };
      },
    );

    app.get('/dev/chain', { schema: { hide: true } }, async (_req, reply) => {
      const s = await state();
      const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const now = deps.clock.now();
      const lentRows = s.lent
        .map(
          (
            l,
          ) => `<tr><td>${esc(l.chain.toUpperCase())}</td><td><code>${esc(l.address)}</code></td><td>${esc(l.order_sn)}</td>
<td>${esc(l.quantity)}</td><td>${esc(STATUS_TEXT[l.status] ?? l.status)}${l.status === 1 && l.expire_time <= now ? '（已过期）' : ''}</td>
<td><button onclick="fill('${esc(l.chain)}','${esc(l.address)}','${esc(l.quantity)}')">填入</button></td></tr>`,
        )
        .join('');
      const depositRows = s.deposits
        .map(
          (
            d,
          ) => `<tr><td>${esc(d.chain.toUpperCase())}</td><td><code>${esc(d.address)}</code></td><td>${esc(d.amount)}</td>
<td>${esc(d.confirmations)}</td><td>${esc(d.order_sn ?? '—')}</td><td>${esc(d.status)}${d.surplus !== '0.000000' ? ` (+${esc(d.surplus)})` : ''}</td></tr>`,
        )
        .join('');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>沙箱链 · Sandbox chain</title>
<style>body{font:14px/1.6 system-ui,sans-serif;background:#10131c;color:#dfe3ee;max-width:1100px;margin:30px auto;padding:0 16px}
table{border-collapse:collapse;width:100%;margin:8px 0 24px}td,th{border-bottom:1px solid #2a3040;padding:4px 6px;text-align:left}
code{color:#ffd35c;font-size:12px}input,select,button{font-size:14px;padding:4px 8px;margin:2px}button{cursor:pointer}</style>
<h1>沙箱链 · Sandbox chain</h1><p>No real USDT moves. Heights: TRC20 <b>${s.heights.trc20}</b>, ERC20 <b>${s.heights.erc20}</b>.
A deposit is credited after its chain's confirmations (each deposit is 1; mine the rest).</p>
<h2>发送 · Send a deposit</h2>
<form id="dep"><select name="chain"><option value="trc20">TRC20</option><option value="erc20">ERC20</option></select>
<input name="address" size="46" placeholder="address"><input name="amount" size="14" placeholder="USDT, e.g. 14.157894">
<button>发送 · Send</button></form>
<form id="mine"><input name="blocks" type="number" min="1" value="19" size="5"><button>挖块 · Mine block(s)</button></form>
<pre id="out"></pre>
<h2>借出的地址 · Lent addresses</h2><table><tr><th>链</th><th>地址</th><th>订单</th><th>应付 USDT</th><th>订单状态</th><th></th></tr>${lentRows}</table>
<h2>到账记录 · Deposits seen</h2><table><tr><th>链</th><th>地址</th><th>USDT</th><th>确认数</th><th>订单</th><th>结果</th></tr>${depositRows}</table>
<script>
function fill(c,a,q){const f=document.getElementById('dep');f.chain.value=c;f.address.value=a;f.amount.value=q}
async function post(url,body){const r=await fetch(url,{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)});
document.getElementById('out').textContent=await r.text();setTimeout(()=>location.reload(),900)}
document.getElementById('dep').onsubmit=(e)=>{e.preventDefault();const f=e.target;post('/dev/chain/deposit',{chain:f.chain.value,address:f.address.value,amount:f.amount.value})};
document.getElementById('mine').onsubmit=(e)=>{e.preventDefault();post('/dev/chain/mine',{blocks:Number(e.target.blocks.value)})};
</script>`);
    });
  };
}
