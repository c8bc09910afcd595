/**
 * The place the assistant's button takes in the header on a phone (below `sm`): the header's last 44 px.
 * The launcher (features/chat, mounted once for every page) is fixed to this spot there, so on a phone it
 * sits in the sticky header and never covers a control of the page (issue 29: the floating bubble covered
 * "Saved only" and, as the page scrolled, whatever else passed under it). On wider screens it floats at
 * the bottom right, beside the content, and this slot takes no room.
 */
export function AssistantSlot() {
  return <span aria-hidden="true" className="size-11 shrink-0 sm:hidden" />;
}
