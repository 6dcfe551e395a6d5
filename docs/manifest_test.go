package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// yamlBlocks returns the fenced yaml blocks of a file.
func yamlBlocks(t *testing.T, file string) []string {
	data, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case !in && strings.HasPrefix(l, "```yaml"):
			in, cur = true, nil
		case in && strings.HasPrefix(l, "```"):
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, l)
		}
	}
	return blocks
}

// TestYAMLBlocks: every yaml block of the docs parses.
func TestYAMLBlocks(t *testing.T) {
	for _, file := range docFiles(t) {
		for i, b := range yamlBlocks(t, file) {
			var v any
			if err := yaml.Unmarshal([]byte(b), &v); err != nil {
				t.Errorf("%s, yaml block %d: %v", file, i+1, err)
			}
		}
	}
}

// TestIndexedJob: docs/distributed.md's Kubernetes manifest is an
// Indexed Job whose completions is the shard count its pods pass to
// nzsc-shard.sh, and whose pods mount the folder they write to.
func TestIndexedJob(t *testing.T) {
	blocks := yamlBlocks(t, filepath.Join("docs", "distributed.md"))
	if len(blocks) != 1 {
		t.Fatalf("docs/distributed.md: %d yaml blocks, want the Job's one", len(blocks))
	}
	var job struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Metadata   struct {
			Name string `yaml:"name"`
		} `yaml:"metadata"`
		Spec struct {
			CompletionMode       string `yaml:"completionMode"`
			Completions          int    `yaml:"completions"`
			Parallelism          int    `yaml:"parallelism"`
			BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
			Template             struct {
				Spec struct {
					RestartPolicy string `yaml:"restartPolicy"`
					Containers    []struct {
						Name         string                       `yaml:"name"`
						Image        string                       `yaml:"image"`
						Command      []string                     `yaml:"command"`
						Resources    map[string]map[string]string `yaml:"resources"`
						VolumeMounts []struct {
							Name      string `yaml:"name"`
							MountPath string `yaml:"mountPath"`
						} `yaml:"volumeMounts"`
					} `yaml:"containers"`
					Volumes []struct {
						Name                  string `yaml:"name"`
						PersistentVolumeClaim struct {
							ClaimName string `yaml:"claimName"`
						} `yaml:"persistentVolumeClaim"`
					} `yaml:"volumes"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	dec := yaml.NewDecoder(strings.NewReader(blocks[0]))
	dec.KnownFields(true) // a misspelt field is an error, not ignored
	if err := dec.Decode(&job); err != nil {
		// KnownFields makes every field of the manifest one the struct
		// names: a field Kubernetes has but this test does not would
		// land here too, and belongs in the struct above.
		t.Fatal(err)
	}
	s := job.Spec
	if job.APIVersion != "batch/v1" || job.Kind != "Job" || s.CompletionMode != "Indexed" {
		t.Errorf("apiVersion %q kind %q completionMode %q, want batch/v1 Job Indexed", job.APIVersion, job.Kind, s.CompletionMode)
	}
	if s.Completions < 1 || s.Parallelism < 1 || s.Parallelism > s.Completions || s.BackoffLimitPerIndex == nil {
		t.Errorf("completions %d, parallelism %d, backoffLimitPerIndex %v", s.Completions, s.Parallelism, s.BackoffLimitPerIndex)
	}
	if s.Template.Spec.RestartPolicy != "Never" {
		t.Errorf("restartPolicy %q: backoffLimitPerIndex wants Never", s.Template.Spec.RestartPolicy)
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("%d containers, want 1", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	cmd := strings.Join(c.Command, " ")
	m := regexp.MustCompile(`nzsc-shard\.sh \$JOB_COMPLETION_INDEX (\d+) (\S+)`).FindStringSubmatch(cmd)
	if m == nil {
		t.Fatalf("command %q does not run nzsc-shard.sh $JOB_COMPLETION_INDEX COUNT DIR", cmd)
	}
	if n, _ := strconv.Atoi(m[1]); n != s.Completions {
		t.Errorf("the pods play shards of %d, the Job has %d completions", n, s.Completions)
	}
	mounted := false
	for _, v := range c.VolumeMounts {
		if strings.HasPrefix(m[2], v.MountPath) {
			mounted = true
			found := false
			for _, vol := range s.Template.Spec.Volumes {
				found = found || vol.Name == v.Name
			}
			if !found {
				t.Errorf("volume mount %q names no volume", v.Name)
			}
		}
	}
	if !mounted {
		t.Errorf("the pods write to %s, which no volume mount holds", m[2])
	}
}

// TestScriptBlocks: the scripts docs/distributed.md gives as files (the
// blocks after "<!-- file: NAME"), which make test-slurm runs on Slurm,
// are there and are valid shell (sh -n; bash -n for a #!/bin/bash one).
func TestScriptBlocks(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "docs", "distributed.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	found := map[string]bool{}
	for i, l := range lines {
		m := regexp.MustCompile(`^<!-- file: (\S+)`).FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Errorf("line %d: %s: no fenced block after the note", i+1, m[1])
			continue
		}
		end := i + 2
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		body := strings.Join(lines[i+2:end], "\n") + "\n"
		shell := "sh"
		if strings.HasPrefix(body, "#!/bin/bash") {
			shell = "bash"
		}
		cmd := exec.Command(shell, "-n")
		cmd.Stdin = strings.NewReader(body)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %s -n: %v\n%s", m[1], shell, err, out)
		}
		found[m[1]] = true
	}
	for _, name := range []string{"nzsc-shard.sh", "shards.sbatch", "submit.sh"} {
		if !found[name] {
			t.Errorf("docs/distributed.md gives no %s, which make test-slurm runs", name)
		}
	}
}
