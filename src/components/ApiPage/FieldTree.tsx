/**
 * A tree of fields (parameters, headers, body fields): name, type, required mark, marks, the
 * description, facts in words, and the fields below, indented. A field with children has a button
 * that hides or shows them; they are shown in the server's HTML, so a reader without JavaScript
 * sees every field at every depth. Each row's id is its anchor (`request-body.amount.currency`).
 */
import React, {useState, type ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {ApiField} from '@site/config/api-page';
import Html from './Html';
import Since from './Since';

function Children({field}: {field: ApiField}): ReactNode {
  const [open, setOpen] = useState(true);
  const count = field.children.length;
  const what = `${count} child field${count === 1 ? '' : 's'}`;
  const listId = `${field.anchor}.children`;
  return (
    <>
      <button
        type="button"
        className="api-field__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? `Hide ${what}` : `Show ${what}`}
      </button>
      <FieldList fields={field.children} id={listId} hidden={!open} />
    </>
  );
}

function FieldRow({field}: {field: ApiField}): ReactNode {
  // Registered with the broken-anchor check: the changelog links rows by their ids.
  useBrokenLinks().collectAnchor(field.anchor);
  return (
    <li className="api-field" id={field.anchor}>
      <div className="api-field__head">
        {/* eslint-disable-next-line @docusaurus/no-html-links -- an anchor to this row's id, which Link would check as a heading's */}
        <a className="api-field__name" href={`#${field.anchor}`}>
          <strong>{field.name}</strong>
        </a>
        <span className="api-field__type">{field.type}</span>
        {field.required && <span className="api-field__required">required</span>}
        {field.marks.map((mark) => (
          <span key={mark} className="api-field__mark">
            {mark}
          </span>
        ))}
        <Since since={field.since} className="api-field__mark api-field__since" />
      </div>
      <Html html={field.descriptionHtml} className="api-field__description" />
      {field.facts.map((fact) => (
        <p key={fact} className="api-field__fact" dangerouslySetInnerHTML={{__html: fact}} />
      ))}
      {field.recursive && <p className="api-field__fact">The same fields as the object above it.</p>}
      {field.children.length > 0 && <Children field={field} />}
    </li>
  );
}

export default function FieldList({
  fields,
  id,
  hidden,
}: {
  fields: readonly ApiField[];
  id?: string;
  hidden?: boolean;
}): ReactNode {
  return (
    <ul className="api-fields" id={id} hidden={hidden}>
      {fields.map((field) => (
        <FieldRow key={field.anchor} field={field} />
      ))}
    </ul>
  );
}
