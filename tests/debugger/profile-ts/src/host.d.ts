// The slice of the C# API the fixture uses (what `ztsrun gen-dts` writes for ZTS.Run).
declare module "csharp:ZTS.Run" {
    export class Host {
        static Exit(code: number): void;
    }
}
