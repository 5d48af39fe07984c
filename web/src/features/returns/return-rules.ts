import type { FieldRules } from '../../shared/form/rules';

/** The return form's fields as the form keeps them: the quantity as its digits, the reason's text, the description. */
export interface ReturnValues {
  number: string;
  reason: string;
  description: string;
}

/** The reason that needs the buyer's own words (AFTER-04). */
export const OTHER_REASON = '其他';

/**
 * AFTER-04 as the screen checks it before sending, in the upstream's words (the upstream judges again): 1 to what the
 * line may still ask back, a reason from the list, and a description when the reason is 其他.
 */
export function returnRules(returnable: number, unit: string): FieldRules<ReturnValues> {
  return {
    number: (value) => {
      const number = Number(value);
      return value.trim() !== '' && Number.isInteger(number) && number >= 1 && number <= returnable
        ? undefined
        : `退货数量应在1到${returnable}${unit}之间`;
    },
    reason: (value) => (value === '' ? '请选择退货原因' : undefined),
    description: (value, values) =>
      values.reason === OTHER_REASON && value.trim() === '' ? '请说明退货原因' : undefined,
  };
}
