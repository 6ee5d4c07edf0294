/** Fills `{name}` placeholders of catalogue texts; the placeholder names are checked against the template's type. */

type Placeholders<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export function fillText<Template extends string>(
  template: Template,
  values: Record<Placeholders<Template>, string | number>,
): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name as Placeholders<Template>]) : placeholder,
  );
}
