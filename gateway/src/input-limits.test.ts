import {
  buildASTSchema,
  concatAST,
  getNamedType,
  isInputObjectType,
  isObjectType,
  parse,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { readTypeDefs } from './schema-files';
import { INPUT_LIMITS, inputLimitOf, type InputLimit } from './input-limits';

// VAL-22: the lengths live in input-limits.ts and each SDL description says them; these tests keep the two equal,
// so a mobile developer reading the contract and the gateway enforcing it never disagree.

interface Position {
  coordinate: string;
  scalar: 'String' | 'ID';
  description: string;
}

/** Every String and ID argument and input field of the contract, by schema coordinate. */
function textPositions(schema: GraphQLSchema): Position[] {
  const found: Position[] = [];
  const add = (coordinate: string, type: GraphQLInputType, description: string | null | undefined) => {
    const named = getNamedType(type).name;
    if (named === 'String' || named === 'ID') found.push({ coordinate, scalar: named, description: description ?? '' });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type))
      for (const field of Object.values(type.getFields()))
        for (const arg of field.args) add(`${type.name}.${field.name}(${arg.name})`, arg.type, arg.description);
    if (isInputObjectType(type))
      for (const field of Object.values(type.getFields()))
        add(`${type.name}.${field.name}`, field.type, field.description);
  }
  return found;
}

/** Whether a description states the limit: "at most 50 characters", "1 to 50 characters", "11 digits", "6-digit". */
function states(description: string, limit: InputLimit): boolean {
  if (limit.date === true) return description.includes('YYYY-MM-DD');
  return new RegExp(`(^|\\D)${limit.max}[ -](characters?|digits?)\\b`).test(description);
}

const schema = buildASTSchema(concatAST(readTypeDefs().map((sdl) => parse(sdl))));
const positions = textPositions(schema);

describe('input limits (VAL-22)', () => {
  it('names only arguments and input fields of the contract that carry text', () => {
    const known = new Set(positions.map((position) => position.coordinate));
    expect(Object.keys(INPUT_LIMITS).filter((coordinate) => !known.has(coordinate))).toEqual([]);
  });

  it('is stated in the description of every String argument and input field', () => {
    const silent = positions
      .filter((position) => position.scalar === 'String')
      .filter((position) => !states(position.description, inputLimitOf(position.coordinate, 'String')))
      .map((position) => `${position.coordinate}: ${inputLimitOf(position.coordinate, 'String').max}`);
    expect(silent).toEqual([]);
  });

  it('treats every argument described as a YYYY-MM-DD day as a date (VAL-24)', () => {
    const undated = positions
      .filter((position) => /YYYY-MM-DD/.test(position.description))
      .filter((position) => inputLimitOf(position.coordinate, position.scalar).date !== true)
      .map((position) => position.coordinate);
    expect(undated).toEqual([]);
  });
});
