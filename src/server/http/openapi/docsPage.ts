import type { OpenAPIV3_1 } from 'openapi-types';
import type { AccessCheck } from '../../../api/access';
import { accessRequirement, privilegeCodes } from './accessText';
import { ERROR_RESPONSES, type ErrorResponseName } from './documentBase';
import { HTTP_METHODS, type Operation } from './documentFinish';
import { escapeHtml, html, Html, inlineProse, prose } from './html';
import { schemaView, typeCell, type Direction, type ResolveRef, type Schema } from './schemaView';

// GET /api/docs: the OpenAPI document as one server-rendered page, for the integrators of other teams.
// No script and no inline style (the app's Content-Security-Policy allows neither): the stylesheet is a
// file of its own, collapsing is <details>, navigation is anchors.

export const STYLESHEET_PATH = '/api/docs/docs.css';
export const DOCUMENT_PATH = '/api/openapi.json';

type Document = OpenAPIV3_1.Document;
type Tag = OpenAPIV3_1.TagObject & { 'x-displayName'?: string };
type Parameter = OpenAPIV3_1.ParameterObject;
type Response = OpenAPIV3_1.ResponseObject;

interface Entry {
  path: string;
  method: string;
  operation: Operation;
}

function resolverOf(document: Document): ResolveRef {
  return (ref) => {
    const [hash, components, kind, name] = ref.split('/');
    if (hash !== '#' || components !== 'components' || !kind || !name) return undefined;
    const group = (document.components as Record<string, Record<string, unknown>> | undefined)?.[kind];
    return group?.[name] as Schema | undefined;
  };
}

function operationsByTag(document: Document): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>((document.tags ?? []).map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, operation });
    }
  }
  return byTag;
}

const methodBadge = (method: string) => html`<span class="m m-${method}">${method.toUpperCase()}</span>`;

// /v2/entities/{entityId} with its parameters marked.
function pathView(path: string): Html {
  return html`<code class="path"
    >${path
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? html`<span class="param">${part}</span>` : part))}</code
  >`;
}

// The check in words, with its privilege codes as code.
function accessView(check: AccessCheck | undefined): Html {
  if (!check) return html`<p class="access">Access check unknown.</p>`;
  let text = escapeHtml(accessRequirement(check));
  for (const code of privilegeCodes(check)) {
    text = text.replace(new RegExp(`\\b${code}\\b`, 'g'), `<code>${code}</code>`);
  }
  const open = check.kind === 'public';
  return html`<p class="access ${open ? 'access-public' : 'access-guarded'}">
    <span class="access-label">Access</span> ${new Html(text)}
  </p>`;
}

function parameterDetails(p: Parameter, resolve: ResolveRef): Html {
  return html`${typeCell((p.schema ?? {}) as Schema, resolve)}${
    p.description ? html`<div class="desc">${prose(p.description)}</div>` : ''
  }${p.example !== undefined ? html`<div class="fact">Example <code>${String(p.example)}</code></div>` : ''}`;
}

function parameterRow(raw: Parameter | OpenAPIV3_1.ReferenceObject, resolve: ResolveRef): Html | '' {
  const shared = '$ref' in raw ? raw.$ref.split('/').pop()! : null;
  const p = ('$ref' in raw ? resolve(raw.$ref) : raw) as Parameter | undefined;
  if (!p) return '';
  return html`<tr>
    <td>
      <code class="prop-name">${p.name}</code
      >${p.required ? html`<span class="tag tag-required">required</span>` : ''}
    </td>
    <td>${p.in}${p.style === 'deepObject' ? html`<div class="note">as ${p.name}[key]=value</div>` : ''}</td>
    <td>
      ${
        shared
          ? html`<span class="type">string</span>
              <a href="#param-${shared}">The shared ${p.in}, see the overview.</a>`
          : parameterDetails(p, resolve)
      }
    </td>
  </tr>`;
}

function parametersView(
  parameters: readonly (Parameter | OpenAPIV3_1.ReferenceObject)[],
  resolve: ResolveRef,
): Html | '' {
  if (parameters.length === 0) return '';
  return html`<h4>Parameters</h4>
    <div class="table-wrap">
      <table class="params">
        <thead>
          <tr>
            <th>Name</th>
            <th>In</th>
            <th>Type and rules</th>
          </tr>
        </thead>
        <tbody>
          ${parameters.map((p) => parameterRow(p, resolve))}
        </tbody>
      </table>
    </div>`;
}

function contentView(
  content: Record<string, OpenAPIV3_1.MediaTypeObject> | undefined,
  resolve: ResolveRef,
  direction: Direction,
) {
  return Object.entries(content ?? {}).map(
    ([type, media]) =>
      html`<div class="media">
        <span class="ct">${type}</span
        >${media.schema ? schemaView(media.schema as Schema, resolve, direction) : ''}
      </div>`,
  );
}

function requestBodyView(operation: Operation, resolve: ResolveRef): Html | '' {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  if (!body) return '';
  return html`<h4>Request body</h4>
    ${body.description ? prose(body.description) : ''}${contentView(body.content, resolve, 'request')}`;
}

const statusClass = (status: string) => `s${status.charAt(0)}xx`;

// A shared error answer (a reference to components.responses) is one line pointing at the overview, which
// shows its body once for all operations.
function sharedResponseView(status: string, name: string, response: Response | undefined): Html {
  return html`<div class="resp resp-shared">
    <span class="status ${statusClass(status)}">${status}</span>
    <span class="resp-desc">${inlineProse(response?.description)}</span>
    <a class="resp-link" href="#error-${name}">${name}</a>
  </div>`;
}

// A response's first paragraph heads it; the rest (a 409's causes, say) shows when it is opened.
function splitDescription(description: string | undefined): { head: string; rest: string } {
  const [head = '', ...rest] = (description ?? '').split(/\n\s*\n/);
  return { head, rest: rest.join('\n\n') };
}

function responsesView(operation: Operation, resolve: ResolveRef): Html {
  const entries = Object.entries(operation.responses ?? {});
  return html`<h4>Responses</h4>
    ${entries.map(([status, raw]) => {
      const ref = (raw as OpenAPIV3_1.ReferenceObject).$ref;
      if (ref) return sharedResponseView(status, ref.split('/').pop()!, resolve(ref) as Response | undefined);
      const response = raw as Response;
      const headers = Object.entries(response.headers ?? {}) as [string, OpenAPIV3_1.HeaderObject][];
      const { head, rest } = splitDescription(response.description);
      return html`<details class="resp" ${status.startsWith('2') ? new Html(' open') : ''}>
        <summary>
          <span class="status ${statusClass(status)}">${status}</span>
          <span class="resp-desc">${inlineProse(head)}</span>
        </summary>
        ${rest ? html`<div class="resp-more">${prose(rest)}</div>` : ''}${
          headers.length
            ? html`<div class="resp-headers">
                ${headers.map(
                  ([name, header]) =>
                    html`<div class="fact">Header <code>${name}</code> ${header.description ?? ''}</div>`,
                )}
              </div>`
            : ''
        }${contentView(response.content, resolve, 'response')}
      </details>`;
    })}`;
}

// The description beyond the access line the transform put first (src/server/http/openapi/operationTransform.ts).
function furtherDescription(operation: Operation): string {
  const text = operation.description ?? '';
  const access = operation['x-access'];
  const first = access ? accessRequirement(access) : '';
  return text.startsWith(first) ? text.slice(first.length).trim() : text;
}

function operationView(entry: Entry, resolve: ResolveRef): Html {
  const { operation, method, path } = entry;
  return html`<article class="op" id="${operation.operationId ?? ''}">
    <header class="op-head">
      ${methodBadge(method)}${pathView(path)}<a
        class="anchor"
        href="#${operation.operationId ?? ''}"
        aria-label="Link to this operation"
        >#</a
      >
    </header>
    <h3>${operation.summary ?? ''}</h3>
    ${accessView(operation['x-access'])}${prose(furtherDescription(operation))}${parametersView(
      operation.parameters ?? [],
      resolve,
    )}${requestBodyView(operation, resolve)}${responsesView(operation, resolve)}
  </article>`;
}

const tagTitle = (document: Document, name: string) =>
  (document.tags as Tag[] | undefined)?.find((tag) => tag.name === name)?.['x-displayName'] ?? name;

function navView(document: Document, byTag: Map<string, Entry[]>): Html {
  return html`<nav class="sidebar" aria-label="Operations">
    <a class="nav-home" href="#overview">Overview</a>${[...byTag]
      .filter(([, entries]) => entries.length > 0)
      .map(
        ([tag, entries]) =>
          html`<div class="nav-group">
            <a class="nav-tag" href="#tag-${tag}"
              >${tagTitle(document, tag)}<span class="count">${entries.length}</span></a
            >
            <ul class="nav-ops">
              ${entries.map(
                ({ method, operation }) =>
                  html`<li>
                    <a href="#${operation.operationId ?? ''}"
                      >${methodBadge(method)}<span>${operation.summary ?? ''}</span></a
                    >
                  </li>`,
              )}
            </ul>
          </div>`,
      )}
  </nav>`;
}

const statusOf = (name: string) => ERROR_RESPONSES[name as ErrorResponseName]?.status ?? '';

function overviewView(document: Document, count: number, resolve: ResolveRef): Html {
  const errors = Object.entries(document.components?.responses ?? {}) as [string, Response][];
  return html`<section class="intro" id="overview">
    <h2>Overview</h2>
    ${prose(document.info.description)}
    <p>
      ${count} operations. The machine-readable document is
      <a href="${DOCUMENT_PATH}"><code>${DOCUMENT_PATH}</code></a> (OpenAPI ${document.openapi}); generate
      clients from it.
    </p>
    <h3>Shared headers</h3>
    ${Object.entries(document.components?.parameters ?? {}).map(
      ([name, raw]) =>
        html`<div class="shared-param" id="param-${name}">
          <h4><code>${(raw as Parameter).name}</code> ${(raw as Parameter).in}</h4>
          ${parameterDetails(raw as Parameter, resolve)}
        </div>`,
    )}
    <h3>Errors</h3>
    <p>
      Errors answer JSON with a <code>message</code>; a 422 adds <code>errors</code>, the messages per field.
      Each operation lists the ones it can give. A 409 (the request was refused, and nothing changed, because
      of the record's state or a change made at the same time) is listed only by the operations that can
      answer it, each with the situations in which it does.
    </p>
    <div class="errors">
      ${errors.map(
        ([name, response]) =>
          html`<div class="error" id="error-${name}">
            <h4><span class="status s4xx">${statusOf(name)}</span> ${name}</h4>
            ${prose(response.description)} ${contentView(response.content, resolve, 'response')}
          </div>`,
      )}
    </div>
  </section>`;
}

export function docsPage(document: Document): string {
  const resolve = resolverOf(document);
  const byTag = operationsByTag(document);
  const descriptions = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const count = [...byTag.values()].reduce((n, entries) => n + entries.length, 0);
  const title = `${document.info.title} ${document.info.version}`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · API reference</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
        <link rel="icon" href="data:," />
      </head>
      <body>
        <header class="top">
          <div class="brand">
            <span class="logo" aria-hidden="true">HM</span>
            <div>
              <h1>${document.info.title}</h1>
              <span class="version">Version ${document.info.version} · OpenAPI ${document.openapi}</span>
            </div>
          </div>
          <a class="button" href="${DOCUMENT_PATH}">OpenAPI JSON</a>
        </header>
        <div class="layout">
          ${navView(document, byTag)}
          <main>
            ${overviewView(document, count, resolve)}
            ${[...byTag]
              .filter(([, entries]) => entries.length > 0)
              .map(
                ([tag, entries]) =>
                  html`<section class="tag-section" id="tag-${tag}">
                    <h2>${tagTitle(document, tag)}</h2>
                    ${
                      descriptions.get(tag) ? html`<p class="tag-desc">${descriptions.get(tag)}</p>` : ''
                    }${entries.map((entry) => operationView(entry, resolve))}
                  </section>`,
              )}
          </main>
        </div>
      </body>
    </html> `.text;
}
