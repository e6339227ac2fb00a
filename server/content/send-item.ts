import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '../../common/texts';
import { DomainError } from '../http/errors';
import { parseRange } from '../http/range';
import { itemFileName, type ItemRow } from './attach';

/** Streams an item's file; answers Range requests so clips play and seek. */
export async function sendItem(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  item: ItemRow,
  cache: string,
) {
  if (item.state !== 'ready' || !item.file_key) throw new DomainError('not_found', texts.content.itemNotReady);
  const size = Number(item.size);
  const download = (request.query as { download?: string } | undefined)?.download === '1';
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', cache)
    .header('content-type', item.file_type ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${download ? 'attachment' : 'inline'}; filename="${itemFileName(item)}"`);
  const rangeHeader = request.headers.range;
  if (rangeHeader) {
    const range = parseRange(rangeHeader, size);
    if (!range) return reply.status(416).header('content-range', `bytes */${size}`).send();
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await app.blobs.get(item.file_key, range));
  }
  reply.header('content-length', size);
  return reply.send(await app.blobs.get(item.file_key));
}
