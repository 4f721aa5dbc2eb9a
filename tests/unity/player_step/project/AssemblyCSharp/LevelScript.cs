// Assembly-CSharp of the sample project: a predefined assembly, which no asmdef can reference. Mix has a reduced
// signature (s:i8(i8,r8,u2,i1)) no other input has, so its bridge comes from this assembly alone; LevelDone, TryFind
// and Progress would need ZTS.Il2Cpp.Generated to name LevelScript (UnityPackage_PlayerBuildStep_SampleProjectLayout).
public class LevelScript : FixtureEngine.Behaviour
{
    public Game.Mover Player;

    public static long Mix(long a, double b, ushort c, sbyte d)
    {
        return a + (long)b + c + d;
    }

    public static bool TryFind(string name, out LevelScript found)
    {
        found = null;
        return false;
    }

    public event LevelDone Done;

    public Progress Progress { get; set; }

    public void Finish()
    {
        if (Done != null) Done(this);
    }
}

public delegate void LevelDone(LevelScript level);

public struct Progress
{
    public int Stage { get; set; }
}
