/**
 * A Connect `Transport` over @grpc/grpc-js: the same generated messages and
 * client, with grpc-js's HTTP/2 stack underneath, which costs about half
 * the CPU per call of Connect's own gRPC transport from Node
 * (bench/calls.mjs, docs/performance.md).
 */
import { create, fromBinary, toBinary, type DescMessage, type DescMethodStreaming, type DescMethodUnary, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import type { StreamResponse, UnaryResponse } from "@connectrpc/connect";
import * as grpc from "@grpc/grpc-js";

export interface GrpcJsTransportOptions {
  /** `host:port`. */
  address: string;
  /** Plaintext when unset. */
  credentials?: grpc.ChannelCredentials;
  /** Extra channel options (`grpc.max_receive_message_length` is 64 MiB and channelz off unless given). */
  channelOptions?: grpc.ChannelOptions;
}

/** Request metadata. Plain objects and arrays are read directly: building
 * a `Headers` (undici's) per call costs more than the rest of the call. */
function metadataOf(header: HeadersInit | undefined): grpc.Metadata {
  const md = new grpc.Metadata();
  if (!header) return md;
  if (Array.isArray(header)) {
    for (const [key, value] of header) md.set(key.toLowerCase(), value);
  } else if (typeof (header as Headers).forEach === "function") {
    (header as Headers).forEach((value, key) => md.set(key, value));
  } else {
    for (const [key, value] of Object.entries(header)) md.set(key.toLowerCase(), value);
  }
  return md;
}

function headersOf(md: grpc.Metadata | undefined): Headers {
  const h = new Headers();
  if (!md) return h;
  for (const [key, values] of Object.entries(md.getMap())) {
    if (!key.endsWith("-bin")) h.set(key, String(values));
  }
  return h;
}

function errorOf(e: unknown): ConnectError {
  const err = e as Partial<grpc.ServiceError>;
  if (typeof err?.code === "number") {
    return new ConnectError(err.details ?? "", err.code as number as Code, headersOf(err.metadata));
  }
  return ConnectError.from(e);
}

function callOptions(timeoutMs: number | undefined): grpc.CallOptions {
  return timeoutMs === undefined || timeoutMs <= 0 ? {} : { deadline: Date.now() + timeoutMs };
}

function serializer<I extends DescMessage>(schema: I) {
  return (msg: MessageInitShape<I>) => Buffer.from(toBinary(schema, create(schema, msg)));
}

function deserializer<O extends DescMessage>(schema: O) {
  return (buf: Buffer) => fromBinary(schema, buf);
}

const path = (method: { parent: { typeName: string }; name: string }) => `/${method.parent.typeName}/${method.name}`;

/** A Connect transport over a grpc-js channel to `options.address`. */
export function createGrpcJsTransport(options: GrpcJsTransportOptions): Transport & { close(): void } {
  const client = new grpc.Client(options.address, options.credentials ?? grpc.credentials.createInsecure(), {
    "grpc.max_receive_message_length": 64 * 1024 * 1024,
    // Channelz bookkeeping costs CPU on every call and nothing here reads it.
    "grpc.enable_channelz": 0,
    ...options.channelOptions,
  });
  return {
    close: () => client.close(),

    unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: HeadersInit | undefined,
      input: MessageInitShape<I>,
    ): Promise<UnaryResponse<I, O>> {
      return new Promise((resolve, reject) => {
        let responseMetadata: grpc.Metadata | undefined;
        const call = client.makeUnaryRequest(
          path(method),
          serializer(method.input),
          deserializer(method.output),
          input,
          metadataOf(header),
          callOptions(timeoutMs),
          (err, message) => {
            signal?.removeEventListener("abort", abort);
            if (err || message === undefined) return reject(errorOf(err ?? new Error("no response")));
            resolve({
              stream: false,
              service: method.parent,
              method,
              // Built only when read (Connect reads them for onHeader/onTrailer).
              get header() {
                return headersOf(responseMetadata);
              },
              message: message as MessageShape<O>,
              get trailer() {
                return new Headers();
              },
            });
          },
        );
        call.on("metadata", (md: grpc.Metadata) => (responseMetadata = md));
        const abort = () => call.cancel();
        if (signal?.aborted) abort();
        signal?.addEventListener("abort", abort);
      });
    },

    async stream<I extends DescMessage, O extends DescMessage>(
      method: DescMethodStreaming<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: HeadersInit | undefined,
      input: AsyncIterable<MessageInitShape<I>>,
    ): Promise<StreamResponse<I, O>> {
      if (method.methodKind !== "server_streaming") {
        throw new ConnectError(`${method.methodKind} calls are not supported by this transport`, Code.Unimplemented);
      }
      let request: MessageInitShape<I> | undefined;
      for await (const m of input) {
        request = m;
        break;
      }
      if (request === undefined) throw new ConnectError("a server stream needs one request", Code.InvalidArgument);
      const call = client.makeServerStreamRequest(
        path(method),
        serializer(method.input),
        deserializer(method.output),
        request,
        metadataOf(header),
        callOptions(timeoutMs),
      );
      const abort = () => call.cancel();
      if (signal?.aborted) abort();
      signal?.addEventListener("abort", abort);
      async function* messages(): AsyncGenerator<MessageShape<O>> {
        try {
          for await (const m of call) yield m as MessageShape<O>;
        } catch (e) {
          throw errorOf(e);
        } finally {
          signal?.removeEventListener("abort", abort);
          call.cancel();
        }
      }
      return {
        stream: true,
        service: method.parent,
        method,
        get header() {
          return new Headers();
        },
        message: messages(),
        get trailer() {
          return new Headers();
        },
      };
    },
  };
}
