import mulan.classifier.MultiLabelOutput;
import mulan.classifier.lazy.MLkNN;
import mulan.data.MultiLabelInstances;
import weka.core.Instances;

/**
 * Mulan's own ML-kNN (k = 10, smooth = 1) trained on a standard split's training file and applied to its test
 * file: one CSV line per test row — the data set's name, the row, the predicted labels as 0/1 digits in label
 * order, and each label's confidence P(H1)P(E|H1) / (P(H1)P(E|H1) + P(H0)P(E|H0)) (0.5 exactly where Mulan
 * broke a tie at random).
 *
 * Arguments: name, training ARFF, test ARFF, Mulan's XML label file.
 */
public class MulanMLkNN {
    public static void main(String[] args) throws Exception {
        String name = args[0];
        MultiLabelInstances train = new MultiLabelInstances(args[1], args[3]);
        MultiLabelInstances test = new MultiLabelInstances(args[2], args[3]);
        MLkNN learner = new MLkNN(10, 1.0);
        learner.build(train);
        Instances rows = test.getDataSet();
        for (int i = 0; i < rows.numInstances(); i++) {
            MultiLabelOutput out = learner.makePrediction(rows.instance(i));
            StringBuilder line = new StringBuilder(name).append(',').append(i).append(',');
            for (boolean b : out.getBipartition()) {
                line.append(b ? '1' : '0');
            }
            line.append(',');
            double[] confidences = out.getConfidences();
            for (int l = 0; l < confidences.length; l++) {
                line.append(l == 0 ? "" : ";").append(Double.toString(confidences[l]));
            }
            System.out.println(line);
        }
    }
}
