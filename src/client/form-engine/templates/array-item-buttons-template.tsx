import { buttonId, type ArrayFieldItemButtonsTemplateProps } from '@rjsf/utils';
import { rowName, schemaAtPath } from '../field-label';

/**
 * rjsf `ArrayFieldItemButtonsTemplate` (rjsf's own, the same buttons and ids) whose buttons say
 * which row they act on: "Remove line item 2", "Move line item 2 up" (field-label.ts `rowName`,
 * from the section's schema); rjsf's own all read "Remove", "Move up".
 */
export function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, hasCopy, hasMoveDown, hasMoveUp, hasRemove, fieldPathId, index, onCopyItem, onRemoveItem, onMoveDownItem, onMoveUpItem, readonly, registry, uiSchema } = props;
  const { CopyButton, MoveDownButton, MoveUpButton, RemoveButton } = registry.templates.ButtonTemplates;
  const arraySchema = schemaAtPath(registry.rootSchema, fieldPathId.path.slice(0, -1));
  const row = `${rowName(arraySchema)} ${index + 1}`;
  const isOff = disabled || readonly;
  const named = (title: string) => ({ title, 'aria-label': title });
  return (
    <>
      {hasMoveUp || hasMoveDown ? (
        <MoveUpButton id={buttonId(fieldPathId, 'moveUp')} className="rjsf-array-item-move-up" disabled={isOff || !hasMoveUp} onClick={onMoveUpItem} uiSchema={uiSchema} registry={registry} {...named(`Move ${row} up`)} />
      ) : null}
      {hasMoveUp || hasMoveDown ? (
        <MoveDownButton id={buttonId(fieldPathId, 'moveDown')} className="rjsf-array-item-move-down" disabled={isOff || !hasMoveDown} onClick={onMoveDownItem} uiSchema={uiSchema} registry={registry} {...named(`Move ${row} down`)} />
      ) : null}
      {hasCopy ? (
        <CopyButton id={buttonId(fieldPathId, 'copy')} className="rjsf-array-item-copy" disabled={isOff} onClick={onCopyItem} uiSchema={uiSchema} registry={registry} {...named(`Copy ${row}`)} />
      ) : null}
      {hasRemove ? (
        <RemoveButton id={buttonId(fieldPathId, 'remove')} className="rjsf-array-item-remove" disabled={isOff} onClick={onRemoveItem} uiSchema={uiSchema} registry={registry} {...named(`Remove ${row}`)} />
      ) : null}
    </>
  );
}
