// What a step is called to the user: the buttons' accessible names ("Undo move of 'Sage slip dress'")
// and the message when a step was skipped because someone else changed its card since.
import { fillMessage, messages } from '@/lib/messages'
import type { SkipReason, StepKind, UndoStep } from './undoCore'

const whatOf: Record<StepKind, string> = {
  move: messages.stepMove,
  add: messages.stepAdd,
  delete: messages.stepDelete,
  edit: messages.stepEdit,
  rename: messages.stepRename,
  describe: messages.stepDescribe,
  privacy: messages.stepPrivacy,
}

function describeStep(step: UndoStep): string {
  return fillMessage(whatOf[step.kind], { title: step.title })
}

export function undoLabel(step: UndoStep | undefined): string {
  return step ? fillMessage(messages.undoLabel, { what: describeStep(step) }) : messages.nothingToUndo
}

export function redoLabel(step: UndoStep | undefined): string {
  return step ? fillMessage(messages.redoLabel, { what: describeStep(step) }) : messages.nothingToRedo
}

/** Why a step was skipped, in the words of what happened to its card or wall. */
export function skippedMessage(step: UndoStep, reason: SkipReason): string {
  const template =
    reason === 'deleted'
      ? messages.skippedDeleted
      : reason === 'restored'
        ? messages.skippedRestored
        : step.kind === 'move'
          ? messages.skippedMoved
          : messages.skippedEdited
  return fillMessage(template, { title: step.title })
}
