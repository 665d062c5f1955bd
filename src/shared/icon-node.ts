/**
 * An icon as data: an SVG element's tag, its attributes as React names them, and its children. A
 * wallet's file carries its mark this way, so the view, which every panel loads, does not carry
 * the marks of wallets a merchant does not offer.
 * @packageDocumentation
 */

/** One element of an icon: `[tag, attributes, ...children]`; a child is an element or text. */
export type IconNode = readonly [
  tag: string,
  attributes: Readonly<Record<string, string>>,
  ...children: (IconNode | string)[],
];
