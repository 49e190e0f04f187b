// Members that MVVM source generators add to a partial class, named as they name them, so `find-symbol CustomerName`,
// `references SaveCommand` and a XAML `{Binding SaveCommand}` reach the field or method that declares them instead of
// nothing: the generated code is never on disk to be indexed. CommunityToolkit.Mvvm (`[ObservableProperty]`,
// `[RelayCommand]`) and ReactiveUI.SourceGenerators (`[Reactive]`, `[ObservableAsProperty]`, `[ReactiveCommand]`).

/** Field attributes (simple names: no namespace, no `Attribute` suffix) whose generator makes a property of the field. */
export const PROPERTY_ATTRIBUTES: ReadonlySet<string> = new Set(["ObservableProperty", "Reactive", "ObservableAsProperty"]);
/** Method attributes whose generator makes a command property of the method. */
export const RELAY_COMMAND = "RelayCommand";
export const REACTIVE_COMMAND = "ReactiveCommand";

/** The simple name of an attribute as written (`CommunityToolkit.Mvvm.Input.RelayCommandAttribute` → RelayCommand). */
export function attributeSimpleName(written: string): string {
  const name = written.replace(/^global::/, "").replace(/<[\s\S]*$/, "");
  const simple = name.slice(name.lastIndexOf(".") + 1).trim();
  return simple.endsWith("Attribute") && simple.length > "Attribute".length ? simple.slice(0, -"Attribute".length) : simple;
}

/**
 * The property `[ObservableProperty]` (or ReactiveUI's `[Reactive]`) makes of a field: `name`, `_name` and `m_name`
 * give `Name`. Undefined when the field is already named like its property (the generator refuses that name).
 */
export function observablePropertyName(field: string): string | undefined {
  const bare = field.startsWith("m_") ? field.slice(2) : field.replace(/^_+/, "");
  if (bare.length === 0) return undefined;
  const property = bare[0]!.toUpperCase() + bare.slice(1);
  return property === field ? undefined : property;
}

export interface GeneratedCommand {
  name: string;
  /** The interface type the generated property is declared with (`IAsyncRelayCommand<Order>`). */
  type: string;
}

const TASK = /^(?:global::)?(?:System\.Threading\.Tasks\.)?Task(?:\s*<[\s\S]*>)?$/;
const CANCELLATION_TOKEN = /^(?:global::)?(?:System\.Threading\.)?CancellationToken$/;

/**
 * The command properties `[RelayCommand]` makes of a method: its name without an `On` prefix (not `Onboard`) and,
 * for a Task-returning method, without an `Async` suffix, plus `Command`; typed by the signatures the generator
 * accepts (none or one parameter, and a trailing CancellationToken for Task methods). `IncludeCancelCommand = true`
 * adds `…CancelCommand`. Empty for a signature the generator rejects.
 */
export function relayCommands(method: string, returnType: string, parameterTypes: readonly string[], includeCancelCommand: boolean): GeneratedCommand[] {
  const returnsTask = TASK.test(returnType.trim());
  const types = parameterTypes.map((t) => t.trim());
  const cancellable = returnsTask && types.length > 0 && CANCELLATION_TOKEN.test(types[types.length - 1]!);
  const arguments_ = cancellable ? types.slice(0, -1) : types;
  if ((returnType.trim() !== "void" && !returnsTask) || arguments_.length > 1) return [];
  let stem = method.length > 2 && method.startsWith("On") && !/\p{Ll}/u.test(method[2]!) ? method.slice(2) : method;
  if (returnsTask && stem.endsWith("Async")) stem = stem.slice(0, -"Async".length);
  const commandInterface = returnsTask ? "IAsyncRelayCommand" : "IRelayCommand";
  const commands = [{ name: `${stem}Command`, type: arguments_.length === 1 ? `${commandInterface}<${arguments_[0]}>` : commandInterface }];
  if (includeCancelCommand && cancellable) commands.push({ name: `${stem}CancelCommand`, type: "ICommand" });
  return commands;
}

/** `Task<T>` and `IObservable<T>` give T; anything else is its own type argument. */
const WRAPPED_RESULT = /^(?:global::)?(?:System\.(?:Threading\.Tasks\.)?)?(?:Task|IObservable)\s*<([\s\S]*)>$/;

/**
 * The command property ReactiveUI's `[ReactiveCommand]` makes of a method: its name without `_`/`m_` and, for a
 * Task-returning method, without `Async`, upper-camel, plus `Command`; typed `ReactiveCommand<input, output>`, Unit
 * standing for no parameter and for void or Task. A trailing CancellationToken is no input.
 */
export function reactiveCommand(method: string, returnType: string, parameterTypes: readonly string[]): GeneratedCommand | undefined {
  const returns = returnType.trim();
  const returnsTask = TASK.test(returns);
  const types = parameterTypes.map((t) => t.trim());
  const inputs = types.length > 0 && CANCELLATION_TOKEN.test(types[types.length - 1]!) ? types.slice(0, -1) : types;
  if (inputs.length > 1) return undefined;
  let stem = method.startsWith("m_") ? method.slice(2) : method.replace(/^_+/, "");
  if (returnsTask && stem.endsWith("Async")) stem = stem.slice(0, -"Async".length);
  if (stem.length === 0) return undefined;
  const output = returns === "void" || (returnsTask && !returns.includes("<")) ? "Unit" : (WRAPPED_RESULT.exec(returns)?.[1]?.trim() ?? returns);
  const name = `${stem[0]!.toUpperCase()}${stem.slice(1)}Command`;
  return { name, type: `ReactiveCommand<${inputs[0] ?? "Unit"}, ${output}>` };
}
