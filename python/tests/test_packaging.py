import os
import sys
import tempfile
import unittest
import zipfile

from support import REPO, rules_env

PYTHON = os.path.join(REPO, "python")
sys.path.insert(0, os.path.join(PYTHON, "_build"))
import rules_env_build  # noqa: E402


class Packaging(unittest.TestCase):
    def test_the_backend_reads_the_metadata_tomllib_reads(self):
        with open(os.path.join(PYTHON, "pyproject.toml"), encoding="utf-8") as f:
            simple = rules_env_build.read_simple_project(f.read())
        try:
            import tomllib
        except ImportError:
            self.skipTest("tomllib needs Python 3.11")
        with open(os.path.join(PYTHON, "pyproject.toml"), "rb") as f:
            project = tomllib.load(f)["project"]
        for key in ("name", "version", "description", "requires-python"):
            self.assertEqual(simple[key], project[key])
        self.assertEqual(project["version"], rules_env.__version__)
        self.assertEqual(project["dependencies"], [])

    def test_the_wheel_holds_the_package_and_its_metadata(self):
        with tempfile.TemporaryDirectory() as out:
            name = rules_env_build.build_wheel(out)
            self.assertEqual(name, "rules_env-%s-py3-none-any.whl" % rules_env.__version__)
            with zipfile.ZipFile(os.path.join(out, name)) as z:
                names = z.namelist()
                metadata = z.read("rules_env-%s.dist-info/METADATA" % rules_env.__version__).decode()
        sources = sorted("rules_env/" + f for f in os.listdir(os.path.join(PYTHON, "rules_env")) if f.endswith(".py"))
        self.assertEqual(sorted(n for n in names if n.startswith("rules_env/")), sources)
        self.assertIn("Requires-Python: >=3.9", metadata)
        self.assertNotIn("Requires-Dist: numpy\n", metadata)  # extras only


if __name__ == "__main__":
    unittest.main()
