import { formatUnits } from '@kaixiang/shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SandboxCashier } from './sandbox-pay.ts';

const STATUS_TEXT: Record<number, string> = { 1: '待支付', 2: '已支付', 3: '已过期', 4: '支付失败', 5: '已冲正' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox cashier (never registered in production): the page a sandbox order's QR opens,
 * and its buttons as plain calls (docs/payments.md "Payments"):
 *   POST /dev/cashier/:order_sn/pay      pays; the notification is delivered twice
 *   POST /dev/cashier/:order_sn/fail     the provider reports the payment failed
 *   POST /dev/cashier/:order_sn/late     pays; notified only after the order expired
 *   POST /dev/cashier/:order_sn/reverse  a paid order is charged back
 *   POST /dev/cashier/deliver-due        delivers held (late) notifications now due
 */
export function cashierDevRoutes(deps: { payments: PaymentsService; cashier: SandboxCashier }): FastifyPluginAsyncZod {
  return async (app) => {
    const params = z.object({ order_sn: z.string().min(1).max(64) });
    const load = async (orderSn: string) => {
      const order = await deps.payments.order(orderSn);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      return order;
    };
    const orderRef = (o: { orderSn: string; realPriceUnits: number }) => ({
      orderSn: o.orderSn,
      realPriceUnits: o.realPriceUnits,
    });

    app.get('/dev/cashier/:order_sn', { schema: { hide: true, params } }, async (req, reply) => {
      const o = await load(req.params.order_sn);
      const sn = esc(o.orderSn);
      const button = (action: string, label: string, color: string) =>
        `<button onclick="act('${action}')" style="background:${color}">${label}</button>`;
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>沙箱收银台 · ${sn}</title>
<style>body{font:16px/1.6 system-ui,sans-serif;background:#10131c;color:#dfe3ee;max-width:420px;margin:40px auto;padding:0 16px}
button{font-size:18px;border:0;border-radius:6px;color:#fff;padding:10px 18px;margin:6px 6px 0 0;cursor:pointer}.amt{font-size:32px;color:#ffd35c}</style>
<h1>沙箱收银台</h1><p>Sandbox cashier — no real money moves.</p>
<p>订单号 ${sn}<br>渠道 ${esc(o.payMode)}</p><p class="amt">¥${formatUnits(o.realPriceUnits)}</p>
<p>状态 <b id="st">${STATUS_TEXT[o.status] ?? o.status}</b></p>
${button('pay', '支付', '#2e7d32')}${button('fail', '失败', '#c62828')}${button('late', '支付（延迟通知）', '#6d4c41')}
<pre id="out"></pre>
<script>async function act(a){const r=await fetch(location.pathname+'/'+a,{method:'POST'});document.getElementById('out').textContent=await r.text();setTimeout(()=>location.reload(),800)}</script>`);
    });
    app.post('/dev/cashier/:order_sn/pay', { schema: { hide: true, params } }, async (req) => ({
      code: 200,
      data: await deps.cashier.pay(orderRef(await load(req.params.order_sn))),
      msg: '',
    }));
    app.post('/dev/cashier/:order_sn/fail', { schema: { hide: true, params } }, async (req) => ({
      code: 200,
      data: await deps.cashier.fail(orderRef(await load(req.params.order_sn))),
      msg: '',
    }));
    app.post('/dev/cashier/:order_sn/late', { schema: { hide: true, params } }, async (req) => {
      const o = await load(req.params.order_sn);
      return {
        code: 200,
        data: await deps.cashier.late({ ...orderRef(o), expiresAtMs: o.expiresAt.getTime() }),
        msg: '',
      };
    });
    app.post('/dev/cashier/:order_sn/reverse', { schema: { hide: true, params } }, async (req) => {
      const o = await load(req.params.order_sn);
      if (!o.providerTxnId) throw new AppError('CONFLICT');
      return { code: 200, data: await deps.cashier.reverse({ ...orderRef(o), txnId: o.providerTxnId }), msg: '' };
    });
    app.post('/dev/cashier/deliver-due', { schema: { hide: true } }, async () => ({
      code: 200,
      data: { delivered: await deps.cashier.deliverDue() },
      msg: '',
    }));
  };
}
